/**
 * @nimbus/bench-kit: the front-end benchmarks of the apps and the UI kit, one implementation.
 * Node only; the apps' bench scripts (`bench/*.mjs`) import it as TypeScript source.
 */
export { gzipBytes, fileSizes, kb } from './gzip.ts';
export {
  findKey,
  initialSizes,
  lazyChunkSize,
  readManifest,
  sizeRows,
  staticClosure,
  type InitialSizeOptions,
  type InitialSizes,
  type Manifest,
  type ManifestChunk,
  type RouteInput,
  type RouteSizes,
  type Sizes,
} from './manifest.ts';
export {
  CHROME_FLAGS,
  LIGHTHOUSE_CATEGORIES,
  categoriesBelow,
  runLighthouse,
  type LighthouseOptions,
  type LighthouseRow,
} from './lighthouse.ts';
export { benchRoutes, type RouteBenchResult, type RoutesFile } from './route-bench.ts';
export { directorySize, type DirectorySize } from './directory-size.ts';
export { buildRuntime, type BuildRuntime } from './runtime.ts';
export {
  listArgument,
  machineLine,
  markdownTable,
  writeBenchSection,
  writeResults,
} from './report.ts';
