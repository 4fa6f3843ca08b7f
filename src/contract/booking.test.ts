import { expect, test } from 'vitest';
import { aircraftClassOf } from './booking.ts';

test('aircraft classes read from make and model as owners type them', () => {
  const cases: Array<[string, string, string | null]> = [
    ['Cessna', '172S', 'single_piston_fixed'],
    ['Cessna', '182P', 'single_piston_fixed'],
    ['Cessna', '182RG', 'single_piston_retractable'],
    ['Cessna', 'R182', 'single_piston_retractable'],
    ['Cessna', '210N Centurion', 'single_piston_retractable'],
    ['Piper', 'PA-28-181 Archer', 'single_piston_fixed'],
    ['Piper', 'PA-28R-201 Arrow', 'single_piston_retractable'],
    ['Piper', 'PA-34-200T Seneca', 'twin_piston'],
    ['Beechcraft', 'A36 Bonanza', 'single_piston_retractable'],
    ['Beechcraft', 'Baron 58', 'twin_piston'],
    ['Beechcraft', 'King Air C90', 'turboprop'],
    ['Cessna', '310R', 'twin_piston'],
    ['Cessna', '208B Grand Caravan', 'turboprop'],
    ['Cirrus', 'SR22', 'single_piston_fixed'],
    ['Mooney', 'M20J', 'single_piston_retractable'],
    ['Diamond', 'DA42', 'twin_piston'],
    ['Pilatus', 'PC-12', 'turboprop'],
    ['Zenith', 'Experimental X', null],
  ];
  for (const [make, model, cls] of cases)
    expect([make, model, aircraftClassOf(make, model)]).toEqual([make, model, cls]);
});
