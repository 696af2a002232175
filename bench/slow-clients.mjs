// Holds idle and slow-header sockets against the server while a fresh
// connection asks /readyz every 100 ms; prints one JSON object: how many
// held sockets the server closed and when, and the /readyz latencies.
//
//   node bench/slow-clients.mjs PORT [SECONDS] [IDLE] [SLOW]
import net from "node:net";
import http from "node:http";

const [port, seconds = "60", idleCount = "2000", slowCount = "500"] = process.argv.slice(2);
const host = "127.0.0.1";
const durationMs = Number(seconds) * 1000;
const start = performance.now();
const since = () => performance.now() - start;
// The request line a slow client never finishes: one byte every few seconds.
const slowRequest = "GET /readyz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow-client\r\n";
const slowByteEveryMs = 3000;

function holdSockets(count, kind) {
  const group = { kind, opened: 0, failed: 0, closedByServer: 0, closeTimesMs: [], sockets: [] };
  for (let index = 0; index < count; index++) {
    const socket = net.connect({ host, port: Number(port) });
    let finished = false;
    let timer;
    socket.on("connect", () => {
      group.opened++;
      if (kind === "slow") {
        let sent = 0;
        // Staggered so the bytes do not all arrive at once.
        setTimeout(() => {
          timer = setInterval(() => {
            if (!socket.destroyed) socket.write(slowRequest[sent++ % slowRequest.length]);
          }, slowByteEveryMs);
        }, index % slowByteEveryMs);
      }
    });
    socket.on("data", () => {});
    socket.on("error", () => {
      if (!finished && group.opened === 0) group.failed++;
    });
    socket.on("close", () => {
      clearInterval(timer);
      if (!finished && !group.ending) {
        group.closedByServer++;
        group.closeTimesMs.push(since());
      }
      finished = true;
    });
    group.sockets.push(socket);
  }
  return group;
}

function probe() {
  return new Promise((resolve) => {
    const began = performance.now();
    const request = http.get({ host, port: Number(port), path: "/readyz", agent: false, timeout: 10000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ ok: response.statusCode === 200, ms: performance.now() - began }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve({ ok: false, ms: performance.now() - began }));
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
const round = (value) => (value === null ? null : Math.round(value * 10) / 10);

const idle = holdSockets(Number(idleCount), "idle");
const slow = holdSockets(Number(slowCount), "slow");
const probes = [];
const pending = [];
const ticker = setInterval(() => {
  const at = since();
  pending.push(probe().then((result) => probes.push({ at, ...result })));
}, 100);
await new Promise((resolve) => setTimeout(resolve, durationMs));
clearInterval(ticker);
await Promise.all(pending);
for (const group of [idle, slow]) {
  group.ending = true;
  for (const socket of group.sockets) socket.destroy();
}

const latencies = probes.filter((p) => p.ok).map((p) => p.ms).sort((a, b) => a - b);
const summary = (group) => {
  const times = [...group.closeTimesMs].sort((a, b) => a - b);
  return {
    asked: group.sockets.length,
    opened: group.opened,
    failedToOpen: group.failed,
    closedByServer: group.closedByServer,
    firstCloseS: round(times.length ? times[0] / 1000 : null),
    medianCloseS: round(times.length ? percentile(times, 50) / 1000 : null),
    lastCloseS: round(times.length ? times[times.length - 1] / 1000 : null),
  };
};
console.log(
  JSON.stringify({
    seconds: Number(seconds),
    idle: summary(idle),
    slow: summary(slow),
    readyz: {
      probes: probes.length,
      failed: probes.length - latencies.length,
      medianMs: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies.length ? latencies[latencies.length - 1] : null),
      over50Ms: latencies.filter((ms) => ms > 50).length,
    },
  }),
);
process.exit(0);
