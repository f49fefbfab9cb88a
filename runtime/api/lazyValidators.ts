// The API's request validators, compiled at each route's first request instead of as the API
// starts. fastify compiles every route's schemas with Ajv before it listens (its `ready`):
// 35-55 ms of the main thread's CPU on a cold start here (Ajv generating ~30 validators' code),
// while the first task worker loads Playwright on the other core and the first program waits
// for both. A cold start uses one route (the program's); the rest compile when first asked.
//
// Same validation: fastify's own Ajv compiler (@fastify/ajv-compiler, with the options fastify
// gives it: apiSchemas.ts API_SCHEMA_COMPILER), the same schema for each route, checked before
// its handler runs. A validator is compiled once, on the first request that needs it; what
// fastify reads of one (`errors` after a failure, `schemaEnv` to let Ajv coerce a request's
// root value) is the compiled one's. fastify counts a factory of one's own as a custom
// compiler, which changes only a `headers` schema (it would not lower-case its names): no route
// has one (unit-api-schemas).
import AjvCompiler from '@fastify/ajv-compiler';

type BuildCompiler = AjvCompiler.BuildCompilerFromPool;
type Compile = ReturnType<BuildCompiler>;
type Validate = ReturnType<Compile>;

/** fastify's default validator factory, but each validator compiled when first used. */
export function lazyValidators(build: BuildCompiler = AjvCompiler()): BuildCompiler {
  return (externalSchemas, options) => {
    // Even the Ajv instance (and its formats) is made on first need.
    let compiler: Compile | undefined;
    return route => {
      let compiled: Validate | undefined;
      const validator = () => (compiled ??= (compiler ??= build(externalSchemas, options))(route));
      const lazy = function validate(this: unknown, ...args: Parameters<Validate>) {
        const inner = validator();
        try {
          return inner.apply(this, args);
        } finally {
          lazy.errors = inner.errors;
        }
      } as Validate;
      Object.defineProperty(lazy, 'schemaEnv', { get: () => validator().schemaEnv });
      Object.defineProperty(lazy, 'schema', { get: () => validator().schema });
      return lazy;
    };
  };
}
