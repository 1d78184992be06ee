-- The four workshops of the spec (section 9), present on every install; the firm adds later ones.
INSERT INTO "workshops" ("title", "description", "workshop_date", "time_label", "level") VALUES
(
  'Building Your First Algorithmic Strategy for NSE Stocks',
  'Turn a trading idea into exact rules a computer can follow. We take a moving-average crossover on Nifty 50 stocks, define entries, exits and stop-losses precisely, backtest it on daily NSE data with brokerage, STT and slippage included, and read the results honestly: expectancy, win rate, maximum drawdown and the warning signs of overfitting.',
  '2025-03-09',
  '10:00AM IST',
  'Intermediate'
),
(
  'Risk Management and Position Sizing for Systematic Traders',
  'Most accounts are lost to sizing, not to signals. Learn to place stop-losses with the Average True Range, size positions with fixed-fractional risk, respect F&O lot sizes and margin, judge risk-reward before entry, and cap the total risk open across positions so that a losing streak stays survivable.',
  '2025-02-09',
  '10:00AM IST',
  'Intermediate'
),
(
  'Trends, Support and Resistance on Indian Market Charts',
  'Read what price is saying before acting on it. We identify trends with higher highs and higher lows, mark support and resistance zones that matter on Nifty, Bank Nifty and liquid NSE stocks, spot breakouts and false breakouts, and use multiple timeframes to avoid trading against the bigger picture.',
  '2025-01-05',
  '10:00AM IST',
  'Beginner'
),
(
  'Technical Analysis Foundations: Candlesticks, Volume and Moving Averages',
  'A first, practical tour of technical analysis for Indian markets. Learn how candlestick charts are built and which patterns are worth knowing, why volume confirms a move, how simple and exponential moving averages smooth noise, and how to set up a clean chart on any NSE stock.',
  '2024-12-08',
  '10:00AM IST',
  'Beginner'
)
ON CONFLICT ("title", "workshop_date") DO NOTHING;
