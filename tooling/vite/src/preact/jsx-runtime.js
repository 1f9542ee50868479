// `react/jsx-runtime` (and the dev runtime) for the Preact runtime.
export * from 'preact/compat/jsx-runtime';
