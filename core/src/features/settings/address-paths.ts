/** The address routes of the account's variant (docs/product.md#screens): business accounts use the /settings/b2b twins. */
export function addressPaths(isBusiness: boolean) {
  const prefix = isBusiness ? '/settings/b2b' : '/settings';
  return {
    list: '/settings/addresses/all',
    add: `${prefix}/new-address`,
    edit: (id: string) => `${prefix}/address/${encodeURIComponent(id)}`,
  };
}
