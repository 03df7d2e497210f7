// Stands in for theme-classic's prism-include-languages client module in the browser build (see REPLACEMENTS in ../index.ts).
