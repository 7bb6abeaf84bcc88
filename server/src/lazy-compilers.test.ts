import Fastify from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyCompilers } from './lazy-compilers.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { testDatabases } from './test/db.ts';

/** An app with one route whose validator counts its compiles; eager or lazy. */
async function countingApp(lazy: boolean) {
  const compiles = { validator: 0 };
  const compilers = lazyCompilers();
  const app = Fastify(
    lazy ? { schemaController: { compilersFactory: { buildSerializer: compilers.buildSerializer } } } : {},
  );
  const validator: typeof TypeBoxValidatorCompiler = (route) => {
    compiles.validator += 1;
    return TypeBoxValidatorCompiler(route);
  };
  app.setValidatorCompiler(lazy ? compilers.validator(validator) : validator);
  app.post(
    '/echo',
    {
      schema: {
        body: Type.Object({ name: Type.String({ maxLength: 5 }) }),
        response: { 200: Type.Object({ name: Type.String(), size: Type.Integer() }) },
      },
    },
    async (request) => ({ ...(request.body as object), size: 3, secret: 'not in the schema' }),
  );
  await app.ready();
  return { app, compiles, compilers };
}

describe('route schemas compiled at first use', () => {
  it('compiles a route’s validator and serializer only when a request needs them', async () => {
    const { app, compiles } = await countingApp(true);
    expect(compiles.validator).toBe(0);
    const first = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Velo' } });
    const second = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Bahn' } });
    expect(first.json()).toEqual({ name: 'Velo', size: 3 });
    expect(second.json()).toEqual({ name: 'Bahn', size: 3 });
    expect(compiles.validator).toBe(1);
    await app.close();
  });

  it('answers as eagerly compiled schemas do, refusals included', async () => {
    const eager = await countingApp(false);
    const lazy = await countingApp(true);
    expect(eager.compiles.validator).toBe(1);
    for (const payload of [{ name: 'Velo' }, { name: 'Velowege' }, { name: 42 }, {}]) {
      const [a, b] = await Promise.all(
        [eager, lazy].map(({ app }) => app.inject({ method: 'POST', url: '/echo', payload })),
      );
      expect(b!.statusCode, JSON.stringify(payload)).toBe(a!.statusCode);
      expect(b!.body, JSON.stringify(payload)).toBe(a!.body);
    }
    await Promise.all([eager.app.close(), lazy.app.close()]);
  });

  it('finds a response schema that does not compile at its first use, or on compileAll', async () => {
    const broken = { 200: { $ref: 'nowhere#/thing' } };
    const build = async (lazy: boolean) => {
      const compilers = lazyCompilers();
      const app = Fastify(
        lazy
          ? { schemaController: { compilersFactory: { buildSerializer: compilers.buildSerializer } } }
          : {},
      );
      app.get('/broken', { schema: { response: broken } }, async () => ({}));
      await app.ready();
      return { app, compilers };
    };
    await expect(build(false)).rejects.toThrow();
    const { app, compilers } = await build(true);
    expect(() => compilers.compileAll()).toThrow();
    await app.close();
  });

  it('compiles what is still waiting on compileAll, once', async () => {
    const { app, compiles, compilers } = await countingApp(true);
    compilers.compileAll();
    expect(compiles.validator).toBe(1);
    await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Velo' } });
    compilers.compileAll();
    expect(compiles.validator).toBe(1);
    await app.close();
  });
});

describe.each(testDatabases())('the app’s route schemas on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('all compile', () => {
    expect(() => t.app.compileSchemas()).not.toThrow();
  });
});
