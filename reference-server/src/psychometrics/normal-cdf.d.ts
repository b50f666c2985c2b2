import { type ExactNumber } from './exact.js';
export declare function normalCdf(z: ExactNumber): ExactNumber;
