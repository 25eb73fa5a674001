/** POST /1.0/instances/{name}/backups */
export interface LxdBackupCreate {
  name?: string;
  expires_at?: string;
  instance_only?: boolean;
  optimized_storage?: boolean;
  compression_algorithm?: string;
}

/** GET /1.0/instances/{name}/backups/{backup} */
export interface LxdBackup {
  name: string;
  created_at: string;
  expires_at: string;
  instance_only: boolean;
  optimized_storage: boolean;
}
