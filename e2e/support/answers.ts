/**
 * LXD answers for calls a spec stands in for in the browser (page.route), shaped like the LXD 6
 * reference (doc/rest-api.yaml).
 */

/** A synchronous success envelope around `metadata`. */
export const sync = (metadata: unknown) => ({
  type: 'sync',
  status: 'Success',
  status_code: 200,
  operation: '',
  error_code: 0,
  error: '',
  metadata,
});
