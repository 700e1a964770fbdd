// Loaded on demand by <TimeChart>: uPlot and its stylesheet stay out of the first page's bundle.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
