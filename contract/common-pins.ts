/**
 * The common-PIN blocklist (zod-free; account-rules.ts applies it to every new PIN): well-known
 * choices, and the patterns that make a PIN easy to guess (straight runs, a repeated block, a
 * mirrored half, runs of doubled digits).
 */
/** Well-known choices that the pattern rules below do not already catch. */
const COMMON_PINS = /* @__PURE__ */ new Set([
  '112233',
  '11223344',
  '112358',
  '1123581321',
  '121314',
  '131313',
  '142857',
  '147258',
  '147258369',
  '147852',
  '159357',
  '159753',
  '102030',
  '10203040',
  '100200',
  '123654',
  '123789',
  '124578',
  '142536',
  '147369',
  '159951',
  '192837',
  '198819',
  '200000',
  '246810',
  '258456',
  '258369',
  '321654',
  '369258',
  '456123',
  '456789123',
  '520520',
  '520131',
  '5201314',
  '654123',
  '741852',
  '741852963',
  '753951',
  '789123',
  '789456',
  '789456123',
  '852456',
  '951753',
  '963852',
  '963852741',
  '987456',
  '987321',
  '135790',
  '13579',
  '24680',
  '1357924680',
  '2468013579',
  '696969',
  '101010',
  '202020',
  '010203',
  '998877',
  '223344',
  '334455',
]);

function isStraightRun(pin: string): boolean {
  for (const step of [1, -1]) {
    let run = true;
    for (let i = 1; i < pin.length && run; i++) {
      run = (Number(pin[i - 1]) + step + 10) % 10 === Number(pin[i]);
    }
    if (run) return true;
  }
  return false;
}

/** 123123, 121212, 112112… : the PIN is one shorter block repeated. */
function isRepeatedBlock(pin: string): boolean {
  for (let size = 1; size <= pin.length / 2; size++) {
    if (pin.length % size === 0 && pin.slice(0, size).repeat(pin.length / size) === pin) return true;
  }
  return false;
}

/** 123321, 1234554321: a mirrored half. */
function isMirrored(pin: string): boolean {
  return pin.length % 2 === 0 && [...pin].reverse().join('') === pin;
}

/** 112233, 111222: a straight run of doubled/tripled digits. */
function isRunOfGroups(pin: string): boolean {
  for (const size of [2, 3]) {
    if (pin.length % size !== 0) continue;
    const groups = pin.match(new RegExp(`.{${size}}`, 'g'))!;
    if (groups.every((g) => g === g[0].repeat(size)) && isStraightRun(groups.map((g) => g[0]).join(''))) {
      return true;
    }
  }
  return false;
}

export function isCommonPin(pin: string): boolean {
  return (
    COMMON_PINS.has(pin) ||
    isStraightRun(pin) ||
    isRepeatedBlock(pin) ||
    isMirrored(pin) ||
    isRunOfGroups(pin)
  );
}
