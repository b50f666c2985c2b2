import { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';

/** What `http.createServer` takes to build each request and response from classes of its own. */
export interface RequestClassOptions {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * The request and response classes of one server, whose prototypes become its Express app's
 * `app.request` and `app.response` (`adopt`).
 *
 * Express gives every request the app's prototypes with `Object.setPrototypeOf` as it enters. On
 * V8 an object whose prototype was changed no longer shares its hidden class with its siblings:
 * every property any step then adds to it (Express's own `res.locals`, `req.baseUrl`, `req.params`,
 * the guards' `req.principal`, the log's start time) builds a new hidden class and copies the
 * object's whole descriptor array, and every property access after that misses its inline cache.
 * That was about a third of a request's CPU on the simplest route (docs/performance.md, seventh
 * pass). Built by these classes, a request already has the app's prototype, Express's
 * `setPrototypeOf` changes nothing, and requests share hidden classes as objects of one class do.
 *
 * The classes exist before the app (the server binds its port first, then builds the app): their
 * prototypes inherit Express's own request and response methods at once and take the app's own
 * properties (`app`) when it is adopted.
 */
export class RequestClasses {
  readonly options: RequestClassOptions;
  readonly #request: object;
  readonly #response: object;

  constructor() {
    class AppRequest extends IncomingMessage {}
    class AppResponse extends ServerResponse {}
    Object.setPrototypeOf(AppRequest.prototype, express.request);
    Object.setPrototypeOf(AppResponse.prototype, express.response);
    this.#request = AppRequest.prototype;
    this.#response = AppResponse.prototype;
    // Node's typing of the option is generic in the request type; these classes serve any.
    this.options = { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof ServerResponse };
  }

  /** Makes these classes' prototypes the app's: what Express sets on each request is then what it already has. */
  adopt(app: Express): void {
    Object.defineProperties(this.#request, Object.getOwnPropertyDescriptors(app.request));
    Object.defineProperties(this.#response, Object.getOwnPropertyDescriptors(app.response));
    app.request = this.#request as Express['request'];
    app.response = this.#response as Express['response'];
  }
}
