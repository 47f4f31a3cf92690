/** The one error the library throws for bad input: its message says what is wrong and where. */

/** Bad input: a start on a wall, a unit id given twice, a map that cannot be read. */
export class MapfInputError extends Error {
  /** Always 'MapfInputError'. */
  override readonly name = 'MapfInputError';
}
