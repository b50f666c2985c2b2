// Zapier loads the integration from index.js: the app compiled from src/ by `npm run build`.
module.exports = require('./dist/index.js').default;
