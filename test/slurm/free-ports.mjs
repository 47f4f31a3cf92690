// Prints a port P such that P and P + 1 are both free on 127.0.0.1 (slurmctld takes P, slurmd
// P + 1), so that two test runs on one machine start two one-node clusters that do not collide.
import { createServer } from 'node:net';

function listen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

for (let attempt = 0; attempt < 50; attempt++) {
  const first = await listen(0);
  if (first === null) continue;
  const port = first.address().port;
  const second = port < 65535 ? await listen(port + 1) : null;
  first.close();
  if (second !== null) {
    second.close();
    console.log(port);
    process.exit(0);
  }
}
console.error('free-ports: no two consecutive free ports found on 127.0.0.1');
process.exit(1);
