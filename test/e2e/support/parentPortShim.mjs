// Runs the built solver utility-process bundle (out/main/solverProcess.js) under plain Node:
// Electron's process.parentPort is stood in for by the child-process IPC channel, which uses
// structured cloning ("advanced" serialization) like Electron does, so typed arrays survive.
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';

const parentPort = new EventEmitter();
parentPort.postMessage = (message) => process.send(message);
process.on('message', (data) => parentPort.emit('message', { data }));
process.parentPort = parentPort;
await import(pathToFileURL(process.argv[2]).href);
