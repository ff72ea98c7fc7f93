/**
 * Develop only: whole-site outputs (the playground's worker, types and frame runtime; mermaid's copy) are written on
 * the first request for one of their files instead of at every start, once per process, with their work and time
 * in the log. The development server answers files already in public/ before this runs, so only a file not yet
 * written reaches it.
 */
import fs from 'fs';
import path from 'path';
import type { Reporter } from 'gatsby';

/** What an output's build reports to: its line of work, and a failure that must not stop the dev server. */
export type OutputReporter = Pick<Reporter, 'info' | 'panicOnBuild'>;

/** How many times this output was built, and how many requests waited for a build. */
export interface OnRequestStats {
  builds: number;
  waits: number;
}

/**
 * One whole-site output, built when first needed: concurrent requests share one build; a build that reports a
 * failure (panicOnBuild, which develop only prints) is tried again by the next request.
 */
export class OutputOnRequest {
  readonly stats: OnRequestStats = { builds: 0, waits: 0 };
  private building: Promise<string | null> | null = null;
  private built = false;

  constructor(
    readonly name: string,
    private readonly build: (reporter: OutputReporter) => Promise<void> | void,
    private readonly reporter: Pick<Reporter, 'info' | 'error'>,
  ) {}

  /** Whether a build has succeeded in this process. */
  get ready(): boolean {
    return this.built;
  }

  /** Builds the output unless a build succeeded already; resolves to the failure's message, or null. */
  ensure(): Promise<string | null> {
    if (this.built) return Promise.resolve(null);
    this.stats.waits += 1;
    this.building ??= this.run().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async run(): Promise<string | null> {
    const started = Date.now();
    this.stats.builds += 1;
    let failure: string | null = null;
    const reporter: OutputReporter = {
      info: (message) => this.reporter.info(message),
      panicOnBuild: ((message: string) => {
        failure = message;
        this.reporter.error(message);
      }) as OutputReporter['panicOnBuild'],
    };
    try {
      await this.build(reporter);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.reporter.error(`${this.name}: ${failure}`);
    }
    this.built = failure === null;
    this.reporter.info(
      `${this.name}: ${failure === null ? 'built' : 'failed'} on first request, build ${this.stats.builds} of this process (${Date.now() - started} ms)`,
    );
    return failure;
  }
}

interface Request {
  path: string;
  method: string;
}

interface Response {
  status(code: number): Response;
  set(headers: Record<string, string>): Response;
  send(body: string): unknown;
  sendFile(file: string): unknown;
}

/** The part of the development server's express app used here. */
export interface DevServerUse {
  use(mount: string, handler: (req: Request, res: Response, next: () => void) => void): unknown;
}

/**
 * Answers a request under `mount` whose path (below the mount) `matches`: builds `output` if it is not built yet,
 * then sends the file from `publicDir`; a failed build answers 500 with its message (the next request tries again).
 */
export function serveOnRequest({
  app,
  mount,
  matches,
  output,
  publicDir,
}: {
  app: DevServerUse;
  mount: string;
  matches: RegExp;
  output: OutputOnRequest;
  publicDir: string;
}): void {
  app.use(mount, (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !matches.test(req.path)) {
      next();
      return;
    }
    const file = path.join(publicDir, mount, path.posix.normalize(decodeURIComponent(req.path)));
    if (!file.startsWith(path.join(publicDir, mount) + path.sep)) {
      next();
      return;
    }
    output
      .ensure()
      .then((failure) => {
        if (failure !== null) {
          res.status(500).set({ 'Cache-Control': 'no-store' }).send(`${output.name} could not be built: ${failure}`);
        } else if (fs.existsSync(file)) {
          res.sendFile(file);
        } else {
          next();
        }
      })
      .catch(next);
  });
}
