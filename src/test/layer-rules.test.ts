import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer zones live in eslint.config.js; these cases prove they bite (a zone whose import does
// not resolve, or whose paths are off, passes silently). The files need not exist: the resolver
// resolves '@/…' through tsconfig's paths from the file's folder.
const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

async function ruleIdsFor(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

const API_IMPORT =
  "import { apiRequest } from '@/api/client';\n\nexport const request = apiRequest;\n";
const MOCKS_IMPORT =
  "import { mockServer } from '@/mocks/node';\n\nexport const server = mockServer;\n";

describe('the layer rules', () => {
  it('keep the API out of src/lib, and let features use it', async () => {
    expect(await ruleIdsFor('src/lib/example.ts', API_IMPORT)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIdsFor('src/features/example.ts', API_IMPORT)).toEqual([]);
  });

  it('keep the query cache out of src/lib', async () => {
    const code =
      "import { useQuery } from '@tanstack/react-query';\n\nexport const use = useQuery;\n";
    expect(await ruleIdsFor('src/lib/example.ts', code)).toEqual(['no-restricted-imports']);
  });

  it('keep the app shell and the routes out of features', async () => {
    const appImport =
      "import { AppLayout } from '@/app/app-layout';\n\nexport const Layout = AppLayout;\n";
    const routeImport =
      "import { Route } from '@/routes/_auth/vehicles';\n\nexport const route = Route;\n";
    expect(await ruleIdsFor('src/features/vehicles/example.ts', appImport)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIdsFor('src/features/vehicles/example.ts', routeImport)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIdsFor('src/routes/example.ts', appImport)).toEqual([]);
  });

  it('let only tests and test helpers import the demo service', async () => {
    expect(await ruleIdsFor('src/components/example.ts', MOCKS_IMPORT)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIdsFor('src/components/example.test.ts', MOCKS_IMPORT)).toEqual([]);
  });
});

describe('the naming rule', () => {
  const code = 'export const example = 1;\n';

  it('wants kebab-case file and folder names, as the code imports them', async () => {
    expect(await ruleIdsFor('src/lib/example-name.ts', code)).toEqual([]);
    expect(await ruleIdsFor('src/lib/exampleName.ts', code)).toEqual([
      'check-file/filename-naming-convention',
    ]);
    expect(await ruleIdsFor('src/Lib/example-name.ts', code)).toEqual([
      'check-file/folder-naming-convention',
    ]);
  });

  it("leaves the router's file-route marks alone", async () => {
    expect(await ruleIdsFor('src/routes/_auth/vehicles/$vehicleId.tsx', code)).toEqual([]);
  });
});

describe('the code rules', () => {
  it('refuse a non-null assertion outside tests', async () => {
    const code = 'export const first = (items: string[]) => items[0]!.trim();\n';
    expect(await ruleIdsFor('src/lib/example.ts', code)).toEqual([
      '@typescript-eslint/no-non-null-assertion',
    ]);
    expect(await ruleIdsFor('src/lib/example.test.ts', code)).toEqual([]);
  });

  it('want packages, then @/ paths, then relative ones', async () => {
    const ordered =
      "import { useState } from 'react';\nimport { formatCount } from '@/lib/format';\nimport { helper } from './helper';\n\nexport const all = [useState, formatCount, helper];\n";
    const shuffled =
      "import { helper } from './helper';\nimport { formatCount } from '@/lib/format';\nimport { useState } from 'react';\n\nexport const all = [useState, formatCount, helper];\n";
    expect(await ruleIdsFor('src/features/example/example.ts', ordered)).not.toContain(
      'import-x/order',
    );
    expect(await ruleIdsFor('src/features/example/example.ts', shuffled)).toContain(
      'import-x/order',
    );
  });
});
