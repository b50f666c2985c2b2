import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './authentication.js';
import { addCredentials, handleErrors } from './middleware.js';
import { VERSION as version } from './version.js';


const App = defineApp({
  version,
  platformVersion,
  authentication,
  beforeRequest: [addCredentials],
  afterResponse: [handleErrors],
  triggers: {},
  creates: {},
  searches: {},
});

export default App;
