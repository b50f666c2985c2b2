/** The workspace's name in every page header, and where it is mounted: what every workspace module may import. */
export const SERVICE = 'Workspace';
export const WORKSPACE_PATH = '/workspace';
