// The class names the dashboard's small forms share (goals, funnels): a module of its own so the
// sections that show their buttons do not load the forms' code before one is opened.
export const GOAL_BUTTON = "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50";
export const SECONDARY = "rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800";
export const LABEL = "block text-xs font-medium text-gray-700 dark:text-gray-300";
