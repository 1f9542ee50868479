// `react-dom/server` for the Preact runtime (pre-rendering at build time).
export * from 'preact/compat/server';
