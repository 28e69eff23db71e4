// human's package.json lists its subpaths without "./", so neither Node nor TypeScript resolve them through
// "exports"; Vite reaches the file through an alias (build/vision-assets.ts) and TypeScript through this.
declare module '@vladmandic/human/dist/human.esm-nobundle.js' {
  export * from '@vladmandic/human';
  export { default } from '@vladmandic/human';
}
