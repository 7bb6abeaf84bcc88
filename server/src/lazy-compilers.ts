import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { withPlainNullables } from './serializer-schema.ts';

// Fastify compiles every route's request validators and response serializers while it starts: a few
// hundred schemas, most of the start's time after loading the code. These compile a route's schema
// the first time a request needs it instead, so the first answer comes sooner; `compileAll` compiles
// whatever is still waiting (tests use it to prove every schema compiles). A serializer is built from
// the response schema with its nullable pairs as type lists (serializer-schema.ts).

type Compile = () => void;

/** A function compiled from `build` at its first call, and a way to compile it before that. */
function onFirstCall<F extends (...args: never[]) => unknown>(build: () => F, waiting: Set<Compile>): F {
  let compiled: F | undefined;
  const compile = () => {
    compiled ??= build();
    waiting.delete(compile);
  };
  waiting.add(compile);
  return ((...args: Parameters<F>) => {
    if (compiled === undefined) compile();
    return compiled!(...args);
  }) as F;
}

export type LazyCompilers = {
  /** For Fastify's `schemaController.compilersFactory.buildSerializer`. */
  buildSerializer: SerializerFactory;
  /** Wraps a validator compiler (for `setValidatorCompiler`) so it compiles at the first request. */
  validator<T>(compiler: FastifySchemaCompiler<T>): FastifySchemaCompiler<T>;
  /** Compiles every schema not compiled yet; throws what a schema's compiler throws. */
  compileAll(): void;
};

export function lazyCompilers(): LazyCompilers {
  const waiting = new Set<Compile>();
  const eager = SerializerSelector();
  return {
    buildSerializer(externalSchemas, options) {
      const compilerFor = eager(externalSchemas, options);
      return (route) =>
        onFirstCall(() => compilerFor({ ...route, schema: withPlainNullables(route.schema) }), waiting);
    },
    validator(compiler) {
      return (route) => onFirstCall(() => compiler(route), waiting);
    },
    compileAll() {
      for (const compile of [...waiting]) compile();
    },
  };
}
