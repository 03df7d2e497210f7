/** The task types for the form's menu, written here so the page does not load the rules file; a unit test holds them to it. */
export const TASKS = ['text-generation', 'classification', 'embedding', 'regression'] as const;
