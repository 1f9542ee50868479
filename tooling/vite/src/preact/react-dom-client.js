// `react-dom/client` for the Preact runtime.
export * from 'preact/compat/client';
export { default } from 'preact/compat/client';
