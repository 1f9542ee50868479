import { expect, test } from 'vitest';
import { createEmitter } from './events.ts';

interface E {
  a: number;
  b: string;
}

test('listeners hear their event type until they unsubscribe', () => {
  const em = createEmitter<E>();
  const heard: unknown[] = [];
  const off = em.on('a', (n) => heard.push(n));
  em.on('b', (s) => heard.push(s));
  em.emit('a', 1);
  em.emit('b', 'x');
  off();
  em.emit('a', 2);
  expect(heard).toEqual([1, 'x']);
});

test('a throwing listener does not silence the others', async () => {
  const em = createEmitter<E>();
  const heard: number[] = [];
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  process.on('uncaughtException', onError);
  em.on('a', () => {
    throw new Error('boom');
  });
  em.on('a', (n) => heard.push(n));
  em.emit('a', 7);
  await new Promise((r) => setTimeout(r, 0));
  process.off('uncaughtException', onError);
  expect(heard).toEqual([7]);
  expect(errors).toHaveLength(1);
});
