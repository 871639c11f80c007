import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Instruction {
  keyword: string;
  args: string;
}

/**
 * Docker cannot build here, so the Dockerfile is read as Docker reads it: comments dropped,
 * backslash continuations joined, one instruction per logical line.
 */
function parseDockerfile(text: string): Instruction[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === '')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push((current + line).trim());
    current = '';
  }
  if (current.trim() !== '') logical.push(current.trim());
  return logical
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** A stage: its FROM line and the instructions up to the next FROM. */
function stagesOf(instructions: Instruction[]): { from: string; body: Instruction[] }[] {
  const stages: { from: string; body: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, body: [] });
    else stages.at(-1)?.body.push(instruction);
  }
  return stages;
}

/** A COPY's sources and whether they come from another stage rather than the build context. */
function copySources(args: string): { fromStage: boolean; sources: string[] } {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const rest = words.filter((word) => !word.startsWith('--'));
  // The exec form, `COPY --chown=node ["a b", "dest"]`, lists its paths as JSON.
  const paths = rest[0]?.startsWith('[') ? (JSON.parse(rest.join(' ')) as string[]) : rest;
  return {
    fromStage: flags.some((flag) => flag.startsWith('--from=')),
    sources: paths.slice(0, -1),
  };
}

/** Whether `source` (a path, or a name with `*` in its last part) names something in the repo. */
function existsInRepo(source: string): boolean {
  const dir = path.join(root, path.dirname(source));
  const base = path.basename(source);
  if (!base.includes('*')) return fs.existsSync(path.join(root, source));
  const pattern = new RegExp(
    `^${base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
  );
  return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => pattern.test(name));
}

const instructions = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stages = stagesOf(instructions);
const final = stages.at(-1)!;

describe('the Dockerfile', () => {
  it('builds in stages on the Node the app supports', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:20-bookworm-slim\b/);
  });

  it('builds the app: npm ci and npm run build in an earlier stage', () => {
    const runs = stages
      .slice(0, -1)
      .flatMap((stage) => stage.body.filter((i) => i.keyword === 'RUN'));
    expect(runs.map((run) => run.args)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^npm ci\b/), 'npm run build']),
    );
  });

  it('runs the final stage as a user other than root', () => {
    const users = final.body.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('exposes the port, listens on every interface in production, and serves the app', () => {
    expect(final.body).toContainEqual({ keyword: 'EXPOSE', args: '3000' });
    const env = final.body
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const cmd = final.body.filter((i) => i.keyword === 'CMD').at(-1)!;
    const command = (JSON.parse(cmd.args) as string[]).join(' ');
    expect([pkg.scripts.serve, 'npm run serve']).toContain(command);
  });

  it('checks its health on /api/health/live', () => {
    const healthchecks = final.body.filter((i) => i.keyword === 'HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]!.args).toMatch(/\bCMD\b.*\/api\/health\/live\b/);
  });

  it('copies from the build context only paths that exist in the repository', () => {
    const fromContext = stages
      .flatMap((stage) => stage.body)
      .filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
      .map((i) => copySources(i.args))
      .filter((copy) => !copy.fromStage)
      .flatMap((copy) => copy.sources);
    expect(fromContext.length).toBeGreaterThan(0);
    expect(fromContext.filter((source) => !existsInRepo(source))).toEqual([]);
  });

  it('keeps node_modules and local state out of the build context', () => {
    const ignored = fs
      .readFileSync(path.join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', 'data', '.env', '.git']),
    );
  });
});
