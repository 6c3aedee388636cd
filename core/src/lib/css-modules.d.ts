// Vite bundles CSS imports (web and desktop renderer); this tells TypeScript what they are.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
