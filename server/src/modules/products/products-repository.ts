import type { Selectable } from 'kysely';
import { PRODUCT_PDF_PURPOSE } from '@photo/core/api/schemas/product';
import type { Db } from '../../db/database.ts';
import type { ProductFilesTable } from '../../db/tables/orders.ts';

export type ProductFileRow = Selectable<ProductFilesTable>;

/** An ordered product (inner order) of the user by its code, with its order. */
export async function findProduct(db: Db, userId: string, code: string) {
  return db
    .selectFrom('orders')
    .innerJoin('superorders', 'superorders.id', 'orders.superorder_id')
    .select([
      'orders.id',
      'orders.code',
      'orders.article_type',
      'orders.title',
      'superorders.code as order_code',
      'superorders.channel',
      'superorders.created_at',
    ])
    .where('orders.code', '=', code)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
}

export async function filesOfProduct(db: Db, orderId: string): Promise<ProductFileRow[]> {
  return db
    .selectFrom('product_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('purpose')
    .execute();
}

/** Every print PDF of the user with its product and order, newest order first. */
export async function listProductPdfs(db: Db, userId: string) {
  return db
    .selectFrom('product_files')
    .innerJoin('orders', 'orders.id', 'product_files.order_id')
    .innerJoin('superorders', 'superorders.id', 'orders.superorder_id')
    .select([
      'orders.code',
      'orders.title',
      'orders.article_type',
      'superorders.code as order_code',
      'superorders.channel',
      'product_files.file_name',
      'product_files.size',
      'product_files.created_at',
    ])
    .where('product_files.user_id', '=', userId)
    .where('product_files.purpose', '=', PRODUCT_PDF_PURPOSE)
    .orderBy('superorders.created_at', 'desc')
    .orderBy('orders.position')
    .execute();
}
