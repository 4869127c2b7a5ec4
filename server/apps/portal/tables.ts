import type { ColumnType, Generated } from 'kysely';
import type { ImageKind, PortalComponent, Terminal } from '../../../shared/portal/model.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration portal 0001. */
export interface PortalTable {
  space_id: string;
  id: Generated<string>;
  terminal: Terminal;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  cover: string | null;
  role_groups: ColumnType<string[], string[] | undefined, string[]>;
  components: ColumnType<PortalComponent[], string, string>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  system: ColumnType<boolean, boolean | undefined, boolean>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  updated_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

export interface PortalImageTable {
  space_id: string;
  id: Generated<string>;
  kind: ImageKind;
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  content: Buffer;
  created_by: string;
  created_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    portal: PortalTable;
    portal_image: PortalImageTable;
  }
}
