// Shared by the sample route files.
export const tags = ['Collected samples'];
export const read = { permission: 'samples.read' as const };
export const collect = { permission: 'samples.collect' as const };
