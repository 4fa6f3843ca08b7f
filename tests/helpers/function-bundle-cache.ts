import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Function bundles kept between runs on a working tree (docs/decisions/0499): a function whose
 * bundle's inputs are unchanged is not bundled again. zip-it-and-ship-it's output is a function of
 * what it reads: the files it traced and shipped (the bundle's `inputs` and `includedFiles`), the
 * function's `[functions]` settings, its own version and the locked packages. A bundle is kept
 * under a key made of all of those, and of the names in every folder it read from, so that a file
 * added where an import or an `included_files` pattern could now find it also makes a new bundle.
 *
 * The kept bundles stay outside the repository (beside the share's scratch directory), so a bundle
 * still resolves nothing from the project's node_modules.
 */
export interface BundleCache {
  /** The kept bundle of `name` whose inputs are unchanged, or undefined. */
  find(name: string): string | undefined;
  /** Keeps the bundle just made in `dir` and returns where it now is. */
  keep(name: string, dir: string, inputs: string[], includedFiles: string[]): string;
}

interface Kept {
  key: string;
  files: string[];
}

const MANIFEST = '.kept-bundle.json';

function sha(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * @param scratch where the kept bundles live, outside the repository: in a folder named after it
 * @param repository the repository the functions are bundled from
 * @param settings what besides files decides the bundles: the bundler's and Node's versions, the
 *   `[functions]` settings
 * @param sharedFiles files of the repository every bundle depends on (the lock file)
 */
export function openBundleCache(
  scratch: string,
  repository: string,
  settings: unknown,
  sharedFiles: string[] = [],
): BundleCache {
  const root = path.join(scratch, `function-bundles-kept-${sha(repository).slice(0, 12)}`);
  const fileHashes = new Map<string, string>();
  const folderHashes = new Map<string, string>();
  const settingsHash = sha(JSON.stringify(settings));

  const fileHash = (file: string): string => {
    let hash = fileHashes.get(file);
    if (hash === undefined) {
      try {
        hash = sha(readFileSync(file));
      } catch {
        hash = 'missing';
      }
      fileHashes.set(file, hash);
    }
    return hash;
  };
  const folderHash = (folder: string): string => {
    let hash = folderHashes.get(folder);
    if (hash === undefined) {
      try {
        hash = sha(readdirSync(folder).sort().join('\n'));
      } catch {
        hash = 'missing';
      }
      folderHashes.set(folder, hash);
    }
    return hash;
  };
  /** The key of a bundle made from `files` (paths relative to the repository), as they are now. */
  const keyOf = (name: string, files: string[]): string => {
    const folders = [...new Set(files.map((f) => path.dirname(f)))].sort();
    const lines = [
      name,
      settingsHash,
      ...sharedFiles.map((f) => `${f} ${fileHash(path.join(repository, f))}`),
      ...files.map((f) => `${f} ${fileHash(path.join(repository, f))}`),
      ...folders.map((d) => `${d}/ ${folderHash(path.join(repository, d))}`),
    ];
    return sha(lines.join('\n'));
  };

  return {
    find(name) {
      const folder = path.join(root, name);
      if (!existsSync(folder)) return undefined;
      for (const entry of readdirSync(folder)) {
        const dir = path.join(folder, entry);
        let kept: Kept;
        try {
          kept = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Kept;
        } catch {
          continue; // not finished, or not a kept bundle
        }
        if (kept.key === entry && keyOf(name, kept.files) === kept.key) return dir;
      }
      return undefined;
    },

    keep(name, dir, inputs, includedFiles) {
      const files = [...new Set([...inputs, ...includedFiles].map((f) => path.relative(repository, path.resolve(f))))]
        // Only the repository's own files: the bundler's own runtime files are named by its version.
        .filter((f) => !f.startsWith('..'))
        .sort();
      const key = keyOf(name, files);
      const folder = path.join(root, name);
      const target = path.join(folder, key);
      writeFileSync(path.join(dir, MANIFEST), JSON.stringify({ key, files } satisfies Kept));
      mkdirSync(folder, { recursive: true });
      // Older bundles of this function go; the newest other one stays for a run that may be using it.
      const others = readdirSync(folder)
        .filter((entry) => entry !== key)
        .map((entry) => ({ entry, time: statSync(path.join(folder, entry)).mtimeMs }))
        .sort((a, b) => b.time - a.time);
      for (const { entry } of others.slice(1)) rmSync(path.join(folder, entry), { recursive: true, force: true });
      try {
        renameSync(dir, target);
      } catch (error) {
        // Another run kept the same bundle first: the same inputs make the same bundle.
        if (!existsSync(path.join(target, MANIFEST))) throw error;
      }
      return target;
    },
  };
}
