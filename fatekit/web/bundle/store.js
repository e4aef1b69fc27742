/* fatekit page bundle of sources ca9620262dd78192446bf3e5b3f2f4f8986e9596da25c27aac4d4dda0555c589 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-5XISHEAG.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
