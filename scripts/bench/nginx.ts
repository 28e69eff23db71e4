/**
 * Debian's nginx serving a built dist/ the way a careful admin would set it up for this app, as the yardstick
 * of the "forty browsers" row: sendfile, the build's .gz copies (gzip_static; Debian's nginx has no brotli),
 * a year's immutable caching on /assets/ and the content-hashed model folders, ETag/Last-Modified elsewhere,
 * index.html for client routes. Started as a foreground child on a free port with its own config, pid file,
 * logs and temp folders; stopped with the bench. `installedNginx()` is undefined when it is not installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server.ts';

const NGINX = '/usr/sbin/nginx';

export function installedNginx(): string | undefined {
  return existsSync(NGINX) ? NGINX : undefined;
}

export interface RunningNginx {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

function config(dist: string, port: number, dir: string): string {
  const mimeTypes = '/etc/nginx/mime.types';
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${process.env.BENCH_NGINX_WORKERS ?? 'auto'};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  ${existsSync(mimeTypes) ? `include ${mimeTypes};` : 'types { application/wasm wasm; application/javascript js; }'}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    location ~ "^/(assets/|vision/[0-9a-f]{12}/|models/[0-9a-f]{12}/)" {
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    location / {
      add_header Cache-Control "no-cache";
      try_files $uri /index.html;
    }
  }
}
`;
}

async function waitForPort(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${logs()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nginx did not answer on ${url}: ${logs()}`);
}

export async function startNginx(binary: string, dist: string): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'nginx.conf'), config(dist, port, dir));
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForPort(`${baseUrl}/favicon.svg`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, stop };
}
