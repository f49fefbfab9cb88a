// The runtime's HTTP API over its Unix socket (runtime/API.md), for benches that measure the
// runtime itself without a CLI process per call (bench/cli.ts measures that process).
import http from 'node:http';
import path from 'node:path';

export function apiRequest(home: string, method: string, urlPath: string, body?: unknown, timeoutMs = 120_000): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      socketPath: path.join(home, 'runtime.sock'), method, path: urlPath, timeout: timeoutMs,
      headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    }, res => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', chunk => { text += chunk; });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        } catch {
          reject(new Error(`${method} ${urlPath}: ${res.statusCode} ${text.slice(0, 500)}`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
