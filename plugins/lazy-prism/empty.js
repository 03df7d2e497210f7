// Stands in for theme-classic's prism-include-languages client module in the browser build (see index.ts).
