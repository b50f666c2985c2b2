/** A file imported with Vite's `?raw` suffix: its text. */
declare module '*?raw' {
	const text: string;
	export default text;
}
