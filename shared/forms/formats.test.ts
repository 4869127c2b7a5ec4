import { describe, expect, it } from 'vitest';
import { daysInMonth, idCardCheckChar, isEmail, isIdCard, isPhone, isPostcode, isUscc, usccCheckChar } from './formats.ts';

// Independent re-statements of the two check-character algorithms, so a broken implementation cannot agree with itself.
function idCheck(first17: string): string {
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * (2 ** (17 - i) % 11), 0);
  return '10X98765432'.charAt(sum % 11);
}
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
function usccCheck(first17: string): string {
  const weights = Array.from({ length: 17 }, (_, i) => 3 ** i % 31);
  const sum = [...first17].reduce((total, char, i) => total + USCC_CHARS.indexOf(char) * (weights[i] ?? 0), 0);
  return USCC_CHARS.charAt((31 - (sum % 31)) % 31);
}
const TODAY = new Date(2026, 4, 20, 12); // 20 May 2026, local time

describe('isEmail', () => {
  it.each(['a@b.cn', 'first.last+tag@mail.example.com', "o'brien@example.org", 'x_y-z@sub-domain.example.co.uk'])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });
  it.each(['', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a..b@example.com', '.a@example.com', 'a@-b.com', 'a b@example.com', 'a@example..com'])(
    'rejects %j',
    (email) => expect(isEmail(email)).toBe(false),
  );
  it('limits the local part to 64 and the whole address to 254 characters', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const domain = (labels: number) => `${Array.from({ length: labels }, () => 'b'.repeat(60)).join('.')}.com`;
    expect(isEmail(`a@${domain(4)}`)).toBe(true); // 250 characters
    expect(isEmail(`a@${domain(5)}`)).toBe(false);
  });
});

describe('isPhone', () => {
  it.each(['13800138000', '19912345678', '+8613800138000', '8613800138000', '+86 138 0013 8000', '+86-138-0013-8000', '138-0013-8000'])(
    'accepts the mobile number %s',
    (phone) => expect(isPhone(phone)).toBe(true),
  );
  it.each(['0571-88888888', '010-12345678', '010-12345678-123', '02112345678', '0755 1234567'])('accepts the landline %s', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });
  it.each(['', '12800138000', '1380013800', '138001380001', '+1 13800138000', '+8612800138000', '138--0013-8000', '571-88888888', '010-0123456', '010-12345678-1234567', 'phone'])(
    'rejects %j',
    (phone) => expect(isPhone(phone)).toBe(false),
  );
});

describe('isPostcode', () => {
  it.each(['310000', '100080', '010000'])('accepts %s', (code) => expect(isPostcode(code)).toBe(true));
  it.each(['', '31000', '3100000', '31000a', ' 310000'])('rejects %j', (code) => expect(isPostcode(code)).toBe(false));
});

describe('isIdCard', () => {
  it('accepts the public sample number, also with a lower-case x', () => {
    expect(isIdCard('11010519491231002X', TODAY)).toBe(true);
    expect(isIdCard('11010519491231002x', TODAY)).toBe(true);
  });

  it.each(['44030119900307123', '33010620000229456', '11010119000101001', '81000019851111987'])('accepts %s plus its computed check character', (first17) => {
    expect(idCardCheckChar(first17)).toBe(idCheck(first17));
    expect(isIdCard(first17 + idCheck(first17), TODAY)).toBe(true);
  });

  it('gets every one of the 11 check characters right and accepts no other', () => {
    const seen = new Set<string>();
    for (let n = 0; seen.size < 11 && n < 1000; n += 1) {
      const first17 = `44030119900307${String(n).padStart(3, '0')}`;
      const check = idCheck(first17);
      seen.add(check);
      for (const candidate of '0123456789X') expect(isIdCard(first17 + candidate, TODAY), first17 + candidate).toBe(candidate === check);
    }
    expect(seen.size).toBe(11);
  });

  it('rejects a wrong check character', () => {
    expect(isIdCard('110105194912310021', TODAY)).toBe(false);
    const first17 = '44030119900307123';
    const wrong = idCheck(first17) === '0' ? '1' : '0';
    expect(isIdCard(first17 + wrong, TODAY)).toBe(false);
  });

  it.each([
    ['an impossible date', '44030119900230123'],
    ['month 13', '44030119901301123'],
    ['29 February of a non-leap year', '44030119000229123'],
    ['a birth date before 1900', '44030118991231123'],
    ['a birth date after today', '44030120260521123'],
    ['an unknown province', '99030119900307123'],
  ])('rejects %s even with a correct check character', (_, first17) => {
    expect(isIdCard(first17 + idCheck(first17), TODAY)).toBe(false);
  });

  it('accepts someone born today but not tomorrow', () => {
    expect(isIdCard(`44030120260520123${idCheck('44030120260520123')}`, TODAY)).toBe(true);
    expect(isIdCard(`44030120260521123${idCheck('44030120260521123')}`, TODAY)).toBe(false);
  });

  it.each(['', '11010519491231002', '11010519491231002XX', '1101051949123100X2', '11010519491231002Y', '110105 9491231002X'])('rejects the malformed %j', (id) => {
    expect(isIdCard(id, TODAY)).toBe(false);
  });
});

describe('isUscc', () => {
  it.each(['91350100M000100Y43', '9144030071526726XG', '914403001922038216', '91330100799655058B'])('accepts the published code %s', (code) => {
    expect(isUscc(code)).toBe(true);
  });

  it.each(['91350100M000100Y4', '12100000400000000', '93330106MA2AB1C2D', '51110105MJ0123456', 'Y1440300ABCDEFGHJ'])(
    'accepts %s plus its computed check character',
    (first17) => {
      expect(usccCheckChar(first17)).toBe(usccCheck(first17));
      expect(isUscc(first17 + usccCheck(first17))).toBe(true);
    },
  );

  it('gets every one of the 31 check characters right and accepts no other', () => {
    const seen = new Set<string>();
    for (let n = 0; seen.size < 31 && n < 5000; n += 1) {
      const first17 = `91330100MA${String(n).padStart(7, '0')}`;
      const check = usccCheck(first17);
      seen.add(check);
      for (const candidate of USCC_CHARS) expect(isUscc(first17 + candidate), first17 + candidate).toBe(candidate === check);
    }
    expect(seen.size).toBe(31);
  });

  it('rejects a wrong check character', () => {
    expect(isUscc('91350100M000100Y44')).toBe(false);
    expect(isUscc('9144030071526726XH')).toBe(false);
  });

  it.each(['I', 'O', 'Z', 'S', 'V'])('rejects the letter %s, which GB 32100 leaves out', (letter) => {
    const first17 = `91350100M00010${letter}Y4`;
    expect(usccCheckChar(first17)).toBe('');
    for (const check of USCC_CHARS) expect(isUscc(first17 + check)).toBe(false);
  });

  it.each(['', '91350100M000100Y4', '91350100M000100Y433', '91350100m000100y43', '9135A100M000100Y43', '91350100M000100Y4 '])('rejects the malformed %j', (code) => {
    expect(isUscc(code)).toBe(false);
  });
});

describe('daysInMonth', () => {
  it('knows leap years', () => {
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2023, 4)]).toEqual([29, 28, 28, 29, 30]);
  });
});
