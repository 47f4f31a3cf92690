/** A bad experiment definition: one line per problem, each naming the field by its path ("maps[0].density: …"). */
export class ExperimentError extends Error {
  override name = 'ExperimentError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}
