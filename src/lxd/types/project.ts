export interface LxdProject {
  name: string;
  description: string;
  config: Record<string, string>;
  used_by?: string[];
  access_entitlements?: string[];
  etag?: string;
}

/** The writable fields of a project (PUT /1.0/projects/{name}). */
export interface LxdProjectPut {
  description: string;
  config: Record<string, string>;
}

/** The body of POST /1.0/projects. */
export interface LxdProjectsPost extends LxdProjectPut {
  name: string;
}
