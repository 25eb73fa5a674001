/**
 * The event stream's error (spec §9), apart from the stream's code so that the first screen can
 * say it without loading that code.
 */
export const EVENT_CONNECT_ERROR = 'Failed to connect to event api';
