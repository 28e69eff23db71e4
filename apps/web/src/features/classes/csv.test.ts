import { describe, expect, it } from 'vitest';
import { parseNames, studentsCsv } from './csv.ts';

describe('class CSV', () => {
  it('parses one name per line and quotes cells that need it', () => {
    expect(parseNames(' ann \n\nbo\r\n')).toEqual(['ann', 'bo']);
    const csv = studentsCsv(
      ['name', 'account', 'password'],
      [{ userId: '1', account: 'a@s', displayName: 'a,b', password: 'p"1' }],
    );
    expect(csv).toBe('\uFEFFname,account,password\r\n"a,b",a@s,"p""1"\r\n');
  });
});
