// The element build loads CSS files as text to put them in its shadow root.
declare module '*.css' {
  const text: string;
  export default text;
}
