import { describe, expect, it } from 'vitest';
import { readVdpExtras } from '../../src/lib/schemas/vdp-extras.ts';

describe('vehicle page extras', () => {
  it('reads lenders, variant, market data, media and hotspots', () => {
    const { extras, problems } = readVdpExtras({
      finance_lenders: { Angle: { interestRate: '8.95%', comparisonRate: 9.62, paymentWeek: '$123.40', term: 60 } },
      variant: { cylinders: 4, fuelconsumptioncombined: '6.8' },
      autograb_data: { average_market_price: 31000, state_average_market_price: 30500 },
      walkaround_videos: [{ video: { url: 'https://v/x.mp4' } }],
      spin_interior_image: { image: { url: 'photos/in.jpg' } },
      hotspots: { exterior: [{ id: 'h1', description: 'Lights' }], positions: [{ hotspotId: 'h1', activeAngle: 2, posX: 5, posY: 6 }] },
      payment_processors: [{ name: 'Stripe', label: 'Pay a $99 deposit' }],
    });
    expect(problems).toEqual([]);
    expect(extras.finance_lenders['Angle']).toMatchObject({ interestRate: 8.95, paymentWeek: 123.4, term: { termMonths: 60 } });
    expect(extras.variant).toMatchObject({ cylinders: 4, fuelconsumptioncombined: 6.8 });
    expect(extras.walkaround_videos).toEqual(['https://v/x.mp4']);
    expect(extras.spin_interior_image).toBe('photos/in.jpg');
    expect(extras.hotspots.exterior).toEqual([{ id: 'h1', description: 'Lights', positions: [{ activeAngle: 2, posX: 5, posY: 6 }] }]);
    expect(extras.payment_processor_label).toBe('Pay a $99 deposit');
  });
  it('drops a malformed extra with a message naming the field, keeping the rest', () => {
    const { extras, problems } = readVdpExtras({ variant: { cylinders: 'four' }, autograb_data: { state_average_market_price: 20000 } });
    expect(extras.variant).toBeUndefined();
    expect(extras.autograb_data?.state_average_market_price).toBe(20000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^variant\.cylinders: /);
  });
});
