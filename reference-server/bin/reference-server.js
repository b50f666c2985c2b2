#!/usr/bin/env node
// The CLI, compiled by `npm install` (the root `prepare` builds every workspace).
import '../dist/main.js';
