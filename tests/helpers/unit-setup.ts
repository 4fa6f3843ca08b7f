import { putBackAfterFile } from './put-back-after-file.ts';

// The unit test files of a worker share one module graph (`isolate: false` in vitest.config.ts):
// before each file, note the environment; after it, put back what the file changed.
putBackAfterFile();
