import { Agent, setGlobalDispatcher } from 'undici';

/**
 * Node's fetch (undici) keeps an idle socket as long as the server's `Keep-Alive: timeout=` hint
 * less 2 s: 70 s against our server's 72 s (Fastify's default). A test that spends about 72 s in
 * the browser and then calls the API again can write its POST on a socket the server is closing,
 * and fetch does not retry a POST ("fetch failed: other side closed", the console's a11y test in
 * CI on 2026-11-27, right after a 72 s test). The kit's calls keep idle sockets 4 s at most, far
 * inside the server's window, so that race cannot happen. Imported for its effect by every kit
 * module that calls the server.
 */
setGlobalDispatcher(new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 }));
