/** Tag colours of the instance states, the same on the record page and in the process centre. */
export const STATE_COLOR: Record<string, string> = { draft: 'gray', running: 'arcoblue', returned: 'orange', withdrawn: 'gray', interrupted: 'red', approved: 'green', invalid: 'red' };
