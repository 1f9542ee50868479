// `react-dom` for the Preact runtime.
export * from 'preact/compat';
export { default } from 'preact/compat';
