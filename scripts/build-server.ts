/** `npm run build:server`: the server bundle that `npm start` and the tests run (see lib/). */
import { buildServer } from './lib/build-server.ts';

console.log(`Server bundle: ${await buildServer()}`);
