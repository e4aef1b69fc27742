/* fatekit page bundle of sources 45faf874e0a7312306fd3cecef30788618660f4b107d2a9f4befff08a46b0f12 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-A7CGEPVJ.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
