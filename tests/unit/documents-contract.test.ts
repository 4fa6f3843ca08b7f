import { describe, expect, it } from 'vitest';
import { DocumentMetadataSchema, UploadSessionSchema, chunkCount, chunkLength } from '../../src/contract/documents.ts';

describe('DocumentMetadataSchema', () => {
  it('requires a title, defaults the type to other, turns blanks into null', () => {
    expect(
      DocumentMetadataSchema.parse({
        title: ' Logbook ',
        documentType: '',
        description: '',
        aircraftId: '',
        serviceRequestId: undefined,
      }),
    ).toEqual({
      title: 'Logbook',
      documentType: 'other',
      description: null,
      aircraftId: null,
      serviceRequestId: null,
    });
    expect(DocumentMetadataSchema.safeParse({ title: '  ' }).error?.issues[0]?.message).toBe('Title is required');
    expect(DocumentMetadataSchema.safeParse({ title: 'T', documentType: 'receipt' }).error?.issues[0]?.message).toMatch(
      /^Document type must be one of: logbook/,
    );
    expect(DocumentMetadataSchema.safeParse({ title: 'T', aircraftId: 'x' }).error?.issues[0]?.message).toBe(
      'Aircraft must be a valid id',
    );
  });
});

describe('UploadSessionSchema', () => {
  it('accepts camelCase or snake_case and a hex SHA-256 in any case', () => {
    const sha = 'AB'.repeat(32);
    const snake = UploadSessionSchema.parse({
      title: 'T',
      file_name: 'a.pdf',
      size: 5,
      sha256: sha,
      document_type: 'logbook',
    });
    expect(snake).toMatchObject({ fileName: 'a.pdf', documentType: 'logbook', sha256: sha.toLowerCase() });
    expect(UploadSessionSchema.parse({ title: 'T', fileName: 'a.pdf', size: 5, sha256: sha })).toMatchObject({
      documentType: 'other',
    });
    expect(UploadSessionSchema.safeParse({ title: 'T', fileName: 'a.pdf', size: 1.5, sha256: sha }).success).toBe(
      false,
    );
    expect(UploadSessionSchema.safeParse({ title: 'T', fileName: 'a.pdf', size: 5, sha256: 'abc' }).success).toBe(
      false,
    );
  });
});

describe('chunks', () => {
  it('splits a file into 4 MB chunks, the last one the rest', () => {
    const MB = 1024 * 1024;
    expect(chunkCount(10 * MB)).toBe(3);
    expect(chunkCount(4 * MB)).toBe(1);
    expect(chunkCount(4 * MB + 1)).toBe(2);
    expect([0, 1, 2].map((i) => chunkLength(10 * MB, i))).toEqual([4 * MB, 4 * MB, 2 * MB]);
  });
});
