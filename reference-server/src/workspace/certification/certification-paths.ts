import { WORKSPACE_PATH } from '../shared/index.js';

export const CERTIFICATION_PATH = `${WORKSPACE_PATH}/certification`;
/** The checks explained (the same words as docs/certification.md), one section per check id. */
export const GUIDE_PATH = `${CERTIFICATION_PATH}/checks`;
export const guideLink = (checkId: string) => `${GUIDE_PATH}#${checkId}`;
export const runPath = (runId: string) => `${CERTIFICATION_PATH}/${encodeURIComponent(runId)}`;
