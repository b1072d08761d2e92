import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// npm leaves dotfiles such as .gitignore out of a published package: the templates hold them
// without their dot, and they get it back when copied.
const renamed: Readonly<Record<string, string>> = {
  gitignore: '.gitignore',
  dockerignore: '.dockerignore',
  'dev.vars': '.dev.vars',
};

/**
 * Copies every file of `from` into `to`, replacing `{{key}}` with `words[key]` (every template
 * file is text). Returns the paths written, relative to `to`, with `/` separators.
 */
export function copyTemplate(
  from: string,
  to: string,
  words: Readonly<Record<string, string>>,
): string[] {
  const written: string[] = [];
  const copy = (source: string, target: string) => {
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(source, entry.name);
      const destination = join(target, renamed[entry.name] ?? entry.name);
      if (entry.isDirectory()) {
        copy(path, destination);
        continue;
      }
      const text = readFileSync(path, 'utf8').replace(/\{\{(\w+)\}\}/g, (placeholder, key) => {
        const word = words[key];
        if (word === undefined) throw new Error(`${path}: unknown placeholder ${placeholder}`);
        return word;
      });
      writeFileSync(destination, text);
      written.push(relative(to, destination).split('\\').join('/'));
    }
  };
  copy(from, to);
  return written.sort();
}
